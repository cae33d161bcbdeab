"""The pure game model. Imports nothing from ui, store, record, sim, cli or flet."""
