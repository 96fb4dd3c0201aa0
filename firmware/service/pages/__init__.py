"""The pages of the service menu, one screen each."""
