"""pytest settings for the whole tree.

``pytest --doctest-modules tutor`` (issue 13; run by ``.ci/run``) imports every module of the
package. The page scripts under ``tutor/ui/pages`` are Streamlit scripts, as ``app.py`` is: importing
one draws its page, so they are not collected. Their logic lives in ``tutor/ui/*``, whose docstrings
are collected like the rest.
"""

collect_ignore_glob = ["tutor/ui/pages/*.py", "app.py"]
