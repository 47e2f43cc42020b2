"""The checked-in stubs (src/python/urlbnf.pyi) name what the module has:
the same functions, classes, methods and properties, each function and
method with the same parameters, defaults and keyword-only marks; and every
one of them has a docstring (`help(urlbnf)` reads them)."""

import ast
import inspect
import os

import urlbnf

STUBS = os.path.join(os.path.dirname(__file__), "..", "..", "src", "python", "urlbnf.pyi")


def stub_tree():
    with open(STUBS) as f:
        return ast.parse(f.read())


def params(fn):
    """(name, kind, default) of each parameter but self, as the stub writes them."""
    a = fn.args
    out = []
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + a.defaults
    for arg, d in zip(positional, defaults):
        if arg.arg != "self":
            out.append((arg.arg, "positional", None if d is None else ast.literal_eval(d)))
    if a.vararg:
        out.append((a.vararg.arg, "var", None))
    for arg, d in zip(a.kwonlyargs, a.kw_defaults):
        out.append((arg.arg, "keyword", None if d is None else ast.literal_eval(d)))
    return out


def live(obj):
    kinds = {
        inspect.Parameter.POSITIONAL_ONLY: "positional",
        inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional",
        inspect.Parameter.VAR_POSITIONAL: "var",
        inspect.Parameter.KEYWORD_ONLY: "keyword",
    }
    out = []
    for p in inspect.signature(obj).parameters.values():
        if p.name == "self":
            continue
        default = None if p.default is inspect.Parameter.empty else p.default
        out.append((p.name, kinds[p.kind], default))
    return out


def public(obj):
    return {n for n in dir(obj) if not n.startswith("_")}


def test_the_stubs_name_what_the_module_has():
    tree = stub_tree()
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    assert names == set(urlbnf.__all__)

    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            assert params(node) == live(getattr(urlbnf, node.name)), node.name
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(urlbnf, node.name)
        if issubclass(cls, Exception):
            continue
        members = {m.name: m for m in node.body if isinstance(m, ast.FunctionDef)}
        own = {n for n in members if not n.startswith("_")}
        assert own == public(cls), node.name
        for name, m in members.items():
            if name.startswith("__") and name != "__init__":
                continue
            if any(isinstance(d, ast.Name) and d.id == "property" for d in m.decorator_list):
                # A getter: a descriptor, not a method.
                assert not callable(inspect.getattr_static(cls, name)), f"{node.name}.{name}"
                continue
            target = cls if name == "__init__" else getattr(cls, name)
            assert params(m) == live(target), f"{node.name}.{name}"


def test_everything_has_a_docstring():
    assert len(urlbnf.__doc__) > 100
    for name in urlbnf.__all__:
        obj = getattr(urlbnf, name)
        if isinstance(obj, str):
            continue
        assert obj.__doc__ and len(obj.__doc__) > 20, name
        if isinstance(obj, type) and not issubclass(obj, Exception):
            for member in public(obj):
                assert getattr(obj, member).__doc__, f"{name}.{member}"
