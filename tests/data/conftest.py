from tests.service.conftest import db, postgres_session_database, target

__all__ = ["db", "postgres_session_database", "target"]
