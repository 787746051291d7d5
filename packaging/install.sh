#!/bin/sh
# Add this unpacked gpupicker to your desktop menu: ./install.sh --user
#
#   --user       desktop entry  ~/.local/share/applications/gpupicker.desktop (Exec = this folder)
#                icon           ~/.local/share/icons/hicolor/scalable/apps/gpupicker.svg
#                command        ~/.local/bin/gpupicker -> this folder's gpupicker (if free)
#   --uninstall  remove exactly those three (the link only if it points here)
#
# Nothing is copied: the program stays where you unpacked it; moving the folder means running
# ./install.sh --user again. No root needed; for a system-wide install use the .deb.
# (XDG_DATA_HOME is honoured instead of ~/.local/share when set.)
set -eu

here=$(cd "$(dirname "$0")" && pwd -P)
data=${XDG_DATA_HOME:-"$HOME/.local/share"}
apps="$data/applications"
icons="$data/icons/hicolor/scalable/apps"
bindir="$HOME/.local/bin"
entry="$apps/gpupicker.desktop"
icon="$icons/gpupicker.svg"
link="$bindir/gpupicker"

usage() {
    sed -n '2,11s/^# \{0,1\}//p' "$0"
}

refresh() {
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$apps" 2>/dev/null || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$data/icons/hicolor/index.theme" ]; then
        gtk-update-icon-cache -q -t "$data/icons/hicolor" 2>/dev/null || true
    fi
}

case "${1:-}" in
    --user)
        case "$here" in
            *[\"\`\$\\]*)
                echo "install.sh: the folder name $here contains \", \`, \$ or \\; the desktop entry cannot name it. Move it and retry." >&2
                exit 2 ;;
        esac
        [ -x "$here/gpupicker" ] || { echo "install.sh: $here/gpupicker not found" >&2; exit 2; }
        mkdir -p "$apps" "$icons"
        sed -e "s|^Exec=.*|Exec=\"$here/gpupicker\"|" \
            -e "s|^TryExec=.*|TryExec=$here/gpupicker|" \
            "$here/gpupicker.desktop" > "$entry.tmp"
        mv "$entry.tmp" "$entry"
        cp "$here/gpupicker.svg" "$icon"
        linked=""
        if [ ! -e "$link" ] || [ -L "$link" ]; then
            mkdir -p "$bindir"
            ln -sfn "$here/gpupicker" "$link"
            linked=" and $link"
        else
            echo "install.sh: $link exists and is not a link; left alone" >&2
        fi
        refresh
        echo "installed $entry, $icon$linked"
        ;;
    --uninstall)
        rm -f "$entry" "$icon"
        if [ -L "$link" ] && [ "$(readlink "$link")" = "$here/gpupicker" ]; then
            rm -f "$link"
        fi
        refresh
        echo "removed $entry and $icon"
        ;;
    -h|--help)
        usage
        ;;
    *)
        usage >&2
        exit 2
        ;;
esac
