from erc.cli import entry

entry()
