"""The screens of the app: settings, table, summaries, scoresheet, help."""
