"""Alembic migrations of the progress database, shipped inside the package and run by
:func:`tutor.storage.migrate` when a store is opened (there is no ``alembic.ini`` to set up)."""
