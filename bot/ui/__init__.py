"""Discord presentation shared by the features: boards, errors, options, lookups, permissions."""
