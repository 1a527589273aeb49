### sqlite3 create insert select in list mode
sqlite3 t.db "create table t(a, b); insert into t values (1, 'x'), (2.0, NULL), (3.5, 'a|b');" && sqlite3 t.db 'select * from t; select count(*), sum(a) from t'; rm -f t.db
## stdout:
1|x
2.0|
3.5|a|b
3|6.5
## status: 0

### sqlite3 header json csv and separator modes
sqlite3 t.db "create table t(a, b); insert into t values (1, 'x'), (2.5, NULL), (3, 'a,b\"c');"
sqlite3 -header t.db 'select a, b as "the b" from t'
sqlite3 -json t.db 'select * from t; select count(*) as n from t'
sqlite3 -csv -header t.db 'select * from t order by a desc'
sqlite3 -separator ' :: ' t.db 'select b, a from t'
rm -f t.db
## stdout:
a|the b
1|x
2.5|
3|a,b"c
[{"a":1,"b":"x"},
{"a":2.5,"b":null},
{"a":3,"b":"a,b\"c"}]
[{"n":3}]
a,b
3,"a,b""c"
2.5,
1,x
x :: 1
 :: 2.5
a,b"c :: 3
## status: 0

### sqlite3 reads SQL from standard input and persists between calls
printf 'create table kv(k text primary key, v integer);\ninsert into kv values ("a", 1);\ninsert into kv values ("b", 2);\n' | sqlite3 kv.db
echo "update kv set v = v * 10 where k = 'b';" | sqlite3 kv.db
sqlite3 kv.db 'select k, v from kv order by k'; rm -f kv.db
## stdout:
a|1
b|20
## status: 0

### sqlite3 memory database and dot commands
sqlite3 :memory: 'select 1 + 1, upper("abc")'
sqlite3 t.db 'create table one(x); create table two(y); create view v as select 1'
sqlite3 t.db .tables
sqlite3 t.db '.schema two'
rm -f t.db
## stdout:
2|ABC
one  two  v  
CREATE TABLE two(y);
## status: 0

### sqlite3 empty results print nothing and errors fail
sqlite3 t.db 'create table t(a)'
sqlite3 -json t.db 'select * from t'; echo "empty $?"
sqlite3 t.db 'select * from missing' 2>/dev/null; echo "missing $?"
sqlite3 t.db 'create table t(a)' 2>/dev/null; echo "again $?"
rm -f t.db
## stdout:
empty 0
missing 1
again 1
## status: 0

### sqlite3 pipeline with jq and grouping
sqlite3 s.db "create table sales(region, amount); insert into sales values ('n', 10), ('s', 5), ('n', 7), ('e', 1);"
sqlite3 -json s.db 'select region, sum(amount) as total from sales group by region order by total desc' | jq -r '.[] | "\(.region)=\(.total)"'
rm -f s.db
## stdout:
n=17
s=5
e=1
## status: 0

### sqlite3 column table box markdown and line modes
sqlite3 t.db "create table t(id integer, name text, score real); insert into t values (1, 'ada', 9.5), (22, 'bob', NULL), (3, 'cé|x', 10.0);"
for mode in column table box markdown line; do echo "-- $mode"; sqlite3 -$mode t.db 'select * from t; select count(*) as n from t; select 1 where 0'; done
sqlite3 -column -header t.db 'select name, 1 as longname from t'
sqlite3 -markdown -noheader t.db "select 'a|b' as x"
sqlite3 -box t.db "select 'a
b' as x, 1 as y union all select 'c	d', 2"
sqlite3 -table t.db "select 'a
b' as x union all select 'c'"
sqlite3 -column -header t.db "select 'a
b' as x union all select 'c'"
rm -f t.db
## stdout:
-- column
1   ada   9.5  
22  bob        
3   cé|x  10.0 
3
-- table
+----+------+-------+
| id | name | score |
+----+------+-------+
| 1  | ada  | 9.5   |
| 22 | bob  |       |
| 3  | cé|x | 10.0  |
+----+------+-------+
+---+
| n |
+---+
| 3 |
+---+
-- box
┌────┬──────┬───────┐
│ id │ name │ score │
├────┼──────┼───────┤
│ 1  │ ada  │ 9.5   │
│ 22 │ bob  │       │
│ 3  │ cé|x │ 10.0  │
└────┴──────┴───────┘
┌───┐
│ n │
├───┤
│ 3 │
└───┘
-- markdown
| id | name | score |
|----|------|-------|
| 1  | ada  | 9.5   |
| 22 | bob  |       |
| 3  | cé|x | 10.0  |
| n |
|---|
| 3 |
-- line
   id = 1
 name = ada
score = 9.5

   id = 22
 name = bob
score = 

   id = 3
 name = cé|x
score = 10.0
    n = 3
name  longname
----  --------
ada   1       
bob   1       
cé|x  1       
|  x  |
|-----|
| a|b |
┌───────────┬───┐
│     x     │ y │
├───────────┼───┤
│ a         │ 1 │
│ b         │   │
├───────────┼───┤
│ c       d │ 2 │
└───────────┴───┘
+---+
| x |
+---+
| a |
| b |
+---+
| c |
+---+
x
-
a
b

c
## status: 0

### sqlite3 .mode of each output mode
sqlite3 t.db "create table t(a, bb); insert into t values (1, 'x'), (2, NULL);"
printf '.mode column\nselect * from t;\n.headers off\nselect * from t;\n.mode table\nselect * from t;\n.mode box\nselect * from t;\n.mode markdown\nselect * from t;\n.mode line\nselect * from t;\n.mode tabs\nselect * from t;\n.mode json\nselect * from t;\n.mode list\nselect * from t;\n' | sqlite3 t.db
printf '.headers off\n.mode column\nselect a from t;\n' | sqlite3 t.db
rm -f t.db
## stdout:
a  bb
-  --
1  x 
2    
1  x 
2    
+---+----+
| a | bb |
+---+----+
| 1 | x  |
| 2 |    |
+---+----+
┌───┬────┐
│ a │ bb │
├───┼────┤
│ 1 │ x  │
│ 2 │    │
└───┴────┘
| a | bb |
|---|----|
| 1 | x  |
| 2 |    |
    a = 1
   bb = x

    a = 2
   bb = 
1	x
2	
[{"a":1,"bb":"x"},
{"a":2,"bb":null}]
1|x
2|
1
2
## status: 0

### sqlite3 .indexes and .dump
sqlite3 t.db "create table t(id integer primary key autoincrement, name text unique, score real, b blob); insert into t(name, score, b) values ('ada', 9.5, x'00ff'), ('o''b', NULL, NULL), ('x', 10.0, 's'); create index ti on t(score); create view v as select 1; create table \"odd name\"(a); create index ua on \"odd name\"(a); insert into \"odd name\" values (-1.5);"
sqlite3 t.db .indexes
sqlite3 t.db '.indexes t'
sqlite3 t.db .dump
sqlite3 t.db '.dump odd%'
sqlite3 t.db .dump | sqlite3 copy.db && sqlite3 copy.db 'select id, name, score, hex(b) from t'
rm -f t.db copy.db
## stdout:
sqlite_autoindex_t_1  ti                    ua                  
sqlite_autoindex_t_1  ti                  
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE t(id integer primary key autoincrement, name text unique, score real, b blob);
INSERT INTO t VALUES(1,'ada',9.5,X'00ff');
INSERT INTO t VALUES(2,'o''b',NULL,NULL);
INSERT INTO t VALUES(3,'x',10.0,'s');
CREATE TABLE IF NOT EXISTS "odd name"(a);
INSERT INTO "odd name" VALUES(-1.5);
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('t',3);
CREATE INDEX ti on t(score);
CREATE VIEW v as select 1;
CREATE INDEX ua on "odd name"(a);
COMMIT;
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE IF NOT EXISTS "odd name"(a);
INSERT INTO "odd name" VALUES(-1.5);
COMMIT;
1|ada|9.5|00FF
2|o'b||
3|x|10.0|73
## status: 0

### sqlite3 .import of csv and separated files
printf 'a,b\n1,"x,y"\n2,"say ""hi""\nthere"\n3,z\r\n' > in.csv
printf 'a|b\n1|q\n' > in.txt
printf 'k\tv\none\t1\n' > in.tsv
sqlite3 t.db '.import --csv in.csv imp' 'select * from imp' '.schema imp'
sqlite3 t.db '.import in.txt imp2' 'select typeof(a), * from imp2'
printf '.mode tabs\n.import in.tsv kv\nselect * from kv;\n' | sqlite3 t.db
sqlite3 t.db 'create table u(a, b, c)' '.import --csv --skip 1 in.csv u' 'select count(*), count(c) from u'
sqlite3 t.db 'create table one(a)' '.import --csv in.csv one' 'select count(*) from one' 2>&1
sqlite3 t.db '.import --csv missing.csv m'; echo "missing $?"
rm -f t.db in.csv in.txt in.tsv
## stdout:
1|x,y
2|say "hi"
there
3|z
CREATE TABLE IF NOT EXISTS "imp"(
"a" TEXT, "b" TEXT);
text|1|q
one	1
3|0
in.csv:1: expected 1 columns but found 2 - extras ignored
in.csv:2: expected 1 columns but found 2 - extras ignored
in.csv:3: expected 1 columns but found 2 - extras ignored
in.csv:5: expected 1 columns but found 2 - extras ignored
4
missing 1
## status: 0
