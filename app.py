"""Whist Tutor -- the Streamlit entry point: ``streamlit run app.py``.

Everything lives in :mod:`tutor.ui`; this file only starts the frame (page config, language,
navigation over the pages listed in :mod:`tutor.ui.nav`).
"""

from tutor.ui.shell import main

main()
