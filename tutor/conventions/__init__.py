"""The conventions engine: the maxims catalogue (data) and the advice built on it."""
