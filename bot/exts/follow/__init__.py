"""Following: /follow game|player|list, /unfollow, and the Follow button under boards."""

from __future__ import annotations

from bot.exts.follow.cog import Follows
from bot.exts.follow.controls import FollowButton
from bot.ui.feature import Feature

FEATURE = Feature(Follows, (FollowButton,))
