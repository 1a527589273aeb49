foo foo
fOo foo
Foo foo
FOO foo
bar foo
