"""Alembic migrations, shipped inside the package so an installed game can upgrade a
database it finds from an older version."""
