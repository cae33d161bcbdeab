"""Files on disk: where the app keeps them, whole writes, bounded reads, errors in one line."""
