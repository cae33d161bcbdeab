"""The home screen ("/"): one big button per thing to do. The view (Flet, thin) reads a presenter or model that imports
no Flet."""
