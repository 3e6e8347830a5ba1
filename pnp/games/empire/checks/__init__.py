"""The checks of «Строительство империи»: what the seed's rules hold the designer to."""
