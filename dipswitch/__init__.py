"""DIP switch banks: declarative definitions, decoding into typed settings."""
