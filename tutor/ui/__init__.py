"""The Streamlit app: pages, shared components and session-state keys.

Only this package and ``app.py`` import streamlit. Pages are thin scripts under
``tutor/ui/pages/``; each calls ``show()`` of its module here (``tutor.ui.learn`` …), so the logic
is importable and the navigation (``tutor.ui.nav``) is the one list of pages.
"""
