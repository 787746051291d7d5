"""What the lower UI modules share with the launcher: preferences and the user's files, the heap policy,
the Preferences and About dialogs."""
