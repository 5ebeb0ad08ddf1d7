print("mockserver")
