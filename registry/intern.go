package registry

import "reflect"

// Interner keeps one copy of each distinct string among the entries it is
// given. Registry listings repeat themselves heavily (every version of a
// server carries the same description, repository, package names and
// variable descriptions), so a sweep planner that holds tens of thousands of
// entries at once interns them as they arrive. It is not safe for
// concurrent use.
type Interner struct{ seen map[string]string }

// NewInterner returns an empty Interner.
func NewInterner() *Interner { return &Interner{seen: map[string]string{}} }

// Server replaces every string in s (fields, nested structs, slices and map
// values) by the interned copy.
func (in *Interner) Server(s *Server) { in.walk(reflect.ValueOf(s).Elem()) }

// Len is the number of distinct strings seen.
func (in *Interner) Len() int { return len(in.seen) }

func (in *Interner) str(s string) string {
	if c, ok := in.seen[s]; ok {
		return c
	}
	in.seen[s] = s
	return s
}

func (in *Interner) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		if v.CanSet() {
			v.SetString(in.str(v.String()))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				in.walk(f)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			in.walk(v.Index(i))
		}
	case reflect.Pointer:
		if !v.IsNil() {
			in.walk(v.Elem())
		}
	case reflect.Map:
		if v.Type().Elem().Kind() != reflect.String || v.Type().Key().Kind() != reflect.String {
			return
		}
		iter := v.MapRange()
		type kv struct{ k, v string }
		var pairs []kv
		for iter.Next() {
			pairs = append(pairs, kv{iter.Key().String(), iter.Value().String()})
		}
		for _, p := range pairs {
			v.SetMapIndex(reflect.ValueOf(in.str(p.k)).Convert(v.Type().Key()), reflect.ValueOf(in.str(p.v)).Convert(v.Type().Elem()))
		}
	}
}
