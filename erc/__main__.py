from erc.cli import main

main()
