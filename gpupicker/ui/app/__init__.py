"""The application around the windows: launch, crash trace, platform checks, preferences, fonts,
the About and error dialogs, and the long-session harness."""
