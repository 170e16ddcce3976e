class CogsimError(RuntimeError):
    """cogsim failed, refused a request, or was used out of order."""


class InvalidAction(CogsimError, ValueError):
    """An action that is neither a reply string nor an index into ACTIONS."""
