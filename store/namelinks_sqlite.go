package store

import (
	"context"
	"database/sql"
	"fmt"
)

const sqliteUpsertNameLink = `INSERT INTO name_links (sweep_id, name, version, kind, other_name, other_version, source, reason, created_ns)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
	ON CONFLICT (name, sweep_id, version, kind, other_name, other_version) DO UPDATE SET source = excluded.source,
	reason = excluded.reason, created_ns = excluded.created_ns
	WHERE excluded.created_ns > name_links.created_ns`

func (s *sqliteStore) InsertNameLinks(ctx context.Context, ls []NameLink) (int, error) {
	if err := checkNameLinks(ls); err != nil {
		return 0, err
	}
	if len(ls) == 0 {
		return 0, nil
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		st, err := tx.PrepareContext(ctx, sqliteUpsertNameLink)
		if err != nil {
			return err
		}
		defer st.Close()
		for _, l := range ls {
			if _, err := st.ExecContext(ctx, l.SweepID, l.Name, l.Version, l.Kind, l.OtherName, l.OtherVersion,
				l.Source, l.Reason, l.CreatedAt.UnixNano()); err != nil {
				return fmt.Errorf("name link %s: %w", l.Name, err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("insert name links into sqlite: %w", err)
	}
	return len(ls), nil
}

func (s *sqliteStore) NameLinks(ctx context.Context, name string) ([]NameLink, error) {
	return readNameLinks(ctx, s.query, "name_links", "", name)
}
