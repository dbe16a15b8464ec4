#!/usr/bin/env bash
# The uploaded pictures copied to the place the database replicates to (Litestream copies only the
# database): run every minute by marathi-success-uploads.timer, as the service's user.
# UPLOADS_REPLICA is where, in rclone's terms: an S3-compatible bucket
# (:s3,provider=Other,endpoint=https://…:BUCKET/marathi-success/uploads), another host over SFTP
# (:sftp,host=HOST,user=USER,key_file=KEY:PATH/uploads) or a folder. Litestream's bucket key
# (LITESTREAM_ACCESS_KEY_ID, LITESTREAM_SECRET_ACCESS_KEY) serves rclone too.
# The copy mirrors the folder: a picture deleted here (an erased account's) goes there too; the
# nightly backups keep 14 days of pictures for a mistake.
set -euo pipefail
umask 077

data_dir=${DATA_DIR:-/var/lib/marathi-success}
target=${UPLOADS_REPLICA:?UPLOADS_REPLICA must name where the pictures go (docs/deploy.md, Continuous replication)}
export RCLONE_S3_ACCESS_KEY_ID=${RCLONE_S3_ACCESS_KEY_ID:-${LITESTREAM_ACCESS_KEY_ID:-}}
export RCLONE_S3_SECRET_ACCESS_KEY=${RCLONE_S3_SECRET_ACCESS_KEY:-${LITESTREAM_SECRET_ACCESS_KEY:-}}

if [ ! -d "$data_dir/uploads" ]; then
  echo "No pictures uploaded yet ($data_dir/uploads does not exist)."
  exit 0
fi
rclone sync --config '' --quiet "$data_dir/uploads" "$target"
echo "Copied $data_dir/uploads to $target"
