//go:build !unix

package store

// writable assumes path is writable where access(2) is not available;
// ?immutable=1 on the store URL asks for immutable mode there.
func writable(string) bool { return true }
