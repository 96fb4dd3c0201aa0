"""TGM3 Terror-Instinct's pure rules: Ti-ARS kicks and the 35-piece bag."""
