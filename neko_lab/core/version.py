"""The version of neko_lab (pyproject.toml's `version`), recorded in every save it writes."""

VERSION = "0.1.0"
