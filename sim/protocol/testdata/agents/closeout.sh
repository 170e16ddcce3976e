#!/bin/sh
# A hostile agent that closes its output and lives on.
exec >&-
exec sleep 600
