// The ResonanceKit client module.
