"""General components: the renderer contract, cards and tokens on home sheets."""
