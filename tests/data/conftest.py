from tests.service.conftest import db

__all__ = ["db"]
