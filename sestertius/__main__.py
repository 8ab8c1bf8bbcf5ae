import sys

from sestertius.cli import main

sys.exit(main())
