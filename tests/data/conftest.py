from tests.service.conftest import db, target

__all__ = ["db", "target"]
