"""`python -m neko_lab` runs the neko-lab command."""
import sys

from .cli import main

sys.exit(main())
