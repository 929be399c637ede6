package store

import (
	"context"
	"fmt"
	"time"
)

// Kinds of NameLink.
const (
	// LinkAlias: Name was scanned once with OtherName (the two launch the
	// same way); the scan's result is stored under each.
	LinkAlias = "alias"
	// LinkConflict: Source lists Name with a different launch, or a
	// version the name's owner does not list; that listing is scanned
	// apart, stored as OtherName.
	LinkConflict = "conflict"
)

// NameLink ties a name to another in one sweep: an alias or a conflict
// between registries (see registry.Claim and registry.Dedupe).
type NameLink struct {
	SweepID, Name, Version string
	// Kind is LinkAlias or LinkConflict.
	Kind                    string
	OtherName, OtherVersion string
	// Source is the registry whose listing disagrees (conflicts).
	Source, Reason string
	CreatedAt      time.Time
}

// maxLinkField bounds every text field of a link.
const maxLinkField = 1024

func checkNameLinks(ls []NameLink) error {
	for i, l := range ls {
		switch {
		case l.SweepID == "" || l.Name == "" || l.OtherName == "":
			return fmt.Errorf("name link %d: sweep, name and other name are required", i)
		case l.Kind != LinkAlias && l.Kind != LinkConflict:
			return fmt.Errorf("name link %d (%s): kind %q is not %s or %s", i, l.Name, l.Kind, LinkAlias, LinkConflict)
		case l.CreatedAt.IsZero():
			return fmt.Errorf("name link %d (%s): created time is required", i, l.Name)
		}
		for _, f := range []string{l.SweepID, l.Name, l.Version, l.OtherName, l.OtherVersion, l.Source, l.Reason} {
			if len(f) > maxLinkField {
				return fmt.Errorf("name link %d (%.64s): a field of %d bytes (max %d)", i, l.Name, len(f), maxLinkField)
			}
		}
	}
	return nil
}

// maxLinksRead bounds the links NameLinks returns for one name.
const maxLinksRead = 200

// readNameLinks returns the links of name recorded by the latest sweep that
// recorded any (table with FINAL where the dialect needs it; toInt reads
// an unsigned column as int64).
func readNameLinks(ctx context.Context, query queryFunc, table, toInt, name string) ([]NameLink, error) {
	rows, err := query(ctx, `SELECT sweep_id FROM `+table+` WHERE name = ? ORDER BY created_ns DESC, sweep_id DESC LIMIT 1`, name)
	if err != nil {
		return nil, fmt.Errorf("read name links: %w", err)
	}
	var sweep string
	found, err := firstString(rows, &sweep)
	if err != nil {
		return nil, fmt.Errorf("read name links: %w", err)
	}
	if !found {
		return []NameLink{}, nil
	}
	rows, err = query(ctx, `SELECT sweep_id, name, version, kind, other_name, other_version, source, reason, `+toInt+`(created_ns) FROM `+table+
		` WHERE name = ? AND sweep_id = ? ORDER BY kind, other_name, other_version LIMIT `+fmt.Sprint(maxLinksRead), name, sweep)
	if err != nil {
		return nil, fmt.Errorf("read name links: %w", err)
	}
	defer rows.Close()
	out := []NameLink{}
	for rows.Next() {
		var l NameLink
		var created int64
		if err := rows.Scan(&l.SweepID, &l.Name, &l.Version, &l.Kind, &l.OtherName, &l.OtherVersion, &l.Source, &l.Reason, &created); err != nil {
			return nil, fmt.Errorf("read name links: %w", err)
		}
		l.CreatedAt = time.Unix(0, created).UTC()
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read name links: %w", err)
	}
	return out, nil
}
