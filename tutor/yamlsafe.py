"""YAML for files people write (lessons, puzzles, the maxims catalogue): plain data only.

PyYAML's safe loader quietly keeps the last of two equal keys -- a teacher's second ``answer:``
would silently win -- and still builds sets, binary and timestamps. :class:`StrictLoader` refuses
a repeated key (naming the line of the first), a key that is not a plain value, and every tag
but plain scalars, mappings and sequences; nothing named in a file is ever constructed or run.
:data:`COMPOSER` is the same loader on libyaml's parser when PyYAML has it (about ten times faster).
"""

from __future__ import annotations

from typing import Any

import yaml

__all__ = ["StrictLoader", "COMPOSER", "PLAIN_TAGS", "MAP_TAG", "SEQ_TAG", "TIMESTAMP_TAG", "strict_load"]

PLAIN_TAGS = frozenset({
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
})
MAP_TAG = "tag:yaml.org,2002:map"
SEQ_TAG = "tag:yaml.org,2002:seq"
TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"


def _construct_mapping(self: Any, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    """SafeConstructor's mapping, after checking every key is plain and appears once."""
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        key = self.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value", key_node.start_mark
            ) from None
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r} (first on line {seen[key]})", key_node.start_mark
            )
        seen[key] = key_node.start_mark.line + 1
    return yaml.constructor.SafeConstructor.construct_mapping(self, node, deep=deep)


class StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses duplicate keys, non-plain keys and every non-plain tag.

    ``yaml.load(text, Loader=StrictLoader)`` raises a :class:`yaml.constructor.ConstructorError`
    (with the line in its mark) on the first problem.
    """

    construct_mapping = _construct_mapping


def _refuse(loader: StrictLoader, node: yaml.Node) -> Any:
    raise yaml.constructor.ConstructorError(None, None, f"tag {node.tag} is not allowed here", node.start_mark)


# Only plain YAML data is constructed; anything else (python/object, binary, set, custom) is refused.
StrictLoader.yaml_constructors = {
    tag: ctor for tag, ctor in yaml.SafeLoader.yaml_constructors.items() if tag in PLAIN_TAGS | {MAP_TAG, SEQ_TAG}
}
StrictLoader.add_constructor(None, _refuse)

if getattr(yaml, "__with_libyaml__", False):

    class _FastLoader(yaml.CSafeLoader):
        """The same rules on libyaml's parser."""

        construct_mapping = _construct_mapping

    _FastLoader.yaml_constructors = dict(StrictLoader.yaml_constructors)
    COMPOSER: type = _FastLoader
else:  # pragma: no cover -- PyYAML built without libyaml
    COMPOSER = StrictLoader


def strict_load(text: str) -> Any:
    """Load one document under the strict rules; raises :class:`yaml.YAMLError` (with a mark)."""
    loader = COMPOSER(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()
