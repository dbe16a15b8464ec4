#!/usr/bin/env bash
# The nightly backup (run by marathi-success-backup.service, or by hand as the service's user):
#  1. a consistent copy of the database (npm run backup: SQLite's VACUUM INTO, integrity checked)
#     and the uploaded pictures, into BACKUP_DIR/YYYY-MM-DD-HHMM (IST);
#  2. the dated folders older than BACKUP_KEEP_DAYS removed;
#  3. the whole backup folder mirrored to BACKUP_RSYNC_TARGET (another disk or host) by rsync.
# Pictures are hard links to the previous night's copies when unchanged, so 14 nights cost little.
# Exits non-zero (and systemd marks the unit failed) when any step fails.
set -euo pipefail
umask 077

app_dir=${APP_DIR:-/opt/marathi-success}
data_dir=${DATA_DIR:-/var/lib/marathi-success}
backup_dir=${BACKUP_DIR:-/var/backups/marathi-success}
keep_days=${BACKUP_KEEP_DAYS:-14}
target=${BACKUP_RSYNC_TARGET:-}
node_bin=${NODE_BIN:-node}

case "$keep_days" in '' | *[!0-9]* | 0) echo "BACKUP_KEEP_DAYS must be a whole number of days, 1 or more (got '$keep_days')." >&2; exit 2 ;; esac

stamp=$(TZ=Asia/Kolkata date +%Y-%m-%d-%H%M)
dest="$backup_dir/$stamp"
if [ -e "$dest" ]; then echo "$dest already exists; not overwriting a backup." >&2; exit 1; fi
mkdir -p "$backup_dir"
previous=$(find "$backup_dir" -mindepth 1 -maxdepth 1 -type d -name '20[0-9][0-9]-*' ! -name '*.partial' | sort | tail -n 1)
mkdir "$dest.partial"
trap 'rm -rf "$dest.partial"' EXIT

(cd "$app_dir" && DATA_DIR="$data_dir" "$node_bin" --import tsx src/server/cli/backup.ts "$dest.partial/app.db")
if [ -d "$data_dir/uploads" ]; then
  link_dest=()
  [ -n "$previous" ] && [ -d "$previous/uploads" ] && link_dest=(--link-dest="$previous/uploads/")
  rsync -a "${link_dest[@]}" "$data_dir/uploads/" "$dest.partial/uploads/"
fi
mv "$dest.partial" "$dest"
trap - EXIT
echo "Backup written to $dest"

# Keep the newest keep_days days of folders (by the date in their names, today included).
oldest_kept=$(TZ=Asia/Kolkata date -d "-$((keep_days - 1)) days" +%Y-%m-%d)
find "$backup_dir" -mindepth 1 -maxdepth 1 -type d -name '20[0-9][0-9]-*' | sort | while read -r folder; do
  name=$(basename "$folder")
  if [[ "${name:0:10}" < "$oldest_kept" ]]; then
    rm -rf "$folder"
    echo "Removed $folder (older than $keep_days days)"
  fi
done

if [ -n "$target" ]; then
  # -H keeps the pictures' hard links. Nothing is deleted there: the second place keeps what it
  # got and prunes it by its own timer (docs/deploy.md), and its forced command (rrsync -wo
  # -no-del -no-overwrite) refuses deletes and overwrites, so this server cannot wipe it.
  rsync -aH "$backup_dir/" "$target"
  echo "Copied $backup_dir to $target"
else
  echo "BACKUP_RSYNC_TARGET is not set: the backups are on this machine only." >&2
fi
