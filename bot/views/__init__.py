"""Buttons, selects and modals. Persistent ones are DynamicItems that carry ids (buttons.py); short-lived
prompts (move pickers, confirmations) are in-memory views (picker.py)."""
