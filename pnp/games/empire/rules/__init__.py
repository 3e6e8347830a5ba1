"""The rules engine of «Строительство империи»: what the seed makes computable, on plain typed values."""
