"""Variants that change the base game through hooks (variants/base.py): the fish market."""
