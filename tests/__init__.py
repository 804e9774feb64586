"""The test suite of cardmath."""
