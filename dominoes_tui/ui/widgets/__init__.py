"""Widgets of the table: each renders what it is given and posts messages up."""
