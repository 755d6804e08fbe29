"""The corpus report's parts (see Scripts/corpus-report)."""
