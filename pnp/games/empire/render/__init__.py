"""The printed kit of «Строительство империи»: the capital sheet (more components to come, issue 15)."""
