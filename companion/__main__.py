from .launch import main

if __name__ == "__main__":  # not when a worker process (the bots' searches) imports it
    raise SystemExit(main())
