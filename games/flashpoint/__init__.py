"""Flash Point (Sega, 1989): clear every flashing cell of 100 fixed stages."""
