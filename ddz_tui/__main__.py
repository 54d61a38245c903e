"""`python -m ddz_tui` runs the `ddz` command."""

import sys

from ddz_tui.cli import main

sys.exit(main())
