// The start-up baseline for scenario 24: a static Swift hello world (the standard library only,
// no Foundation), built with the same compiler (-O -static-stdlib).
print("hello")
