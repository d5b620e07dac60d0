import sys

from render.cli import main

sys.exit(main())
