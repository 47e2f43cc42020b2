"""The conformance of a URL corpus on a Spark cluster, with urlbnf in
process: each partition's URLs go to a `urlbnf.Reporter` inside the
executor's Python worker as Arrow batches (DataFrame.mapInArrow: no text
round trip, no binary to ship, values with line breaks are single inputs),
one report per partition; the driver merges them with `urlbnf.Report.merge`
into exactly the report of the whole corpus.

    spark-submit report_inprocess_job.py urls.txt
    spark-submit report_inprocess_job.py --parquet url crawl.parquet --out report.json

Every executor's Python needs the package (pip install ./src/python). On
a cluster, ship an environment that has it: pack a virtual environment
(venv-pack -o env.tar.gz) and give it to spark-submit with
`--archives env.tar.gz#env --conf spark.pyspark.python=./env/bin/python`.
"""

import argparse
import sys

from pyspark.sql import SparkSession


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("input", help="a text file (one URL per line) or a Parquet dataset")
    p.add_argument("--parquet", metavar="COLUMN", help="read this column of a Parquet dataset")
    p.add_argument("--partitions", type=int, default=None, help="at least this many partitions")
    p.add_argument("--out", default="-", help="where the merged JSON report goes (default: stdout)")
    p.add_argument("--grammar", default=None, help="editions, as urlbnf report --grammar takes them")
    p.add_argument("--rule", default=None, help="the rule (default: each edition's whole-URL rule)")
    p.add_argument("--lint", action="store_true", help="count lints of valid URLs")
    args = p.parse_args()

    spark = SparkSession.builder.appName("urlbnf report (in process)").getOrCreate()
    if args.parquet:
        urls = spark.read.parquet(args.input).select(args.parquet)
        nulls = urls.filter(urls[args.parquet].isNull()).count()
        if nulls:
            print(f"{nulls} null values are not URLs: left out", file=sys.stderr)
    else:
        # One row a line, as `urlbnf report` reads a file.
        urls = spark.read.text(args.input)
    if args.partitions:
        urls = urls.repartition(args.partitions)
    print(f"{urls.rdd.getNumPartitions()} partitions", file=sys.stderr)

    grammar, rule, lint = args.grammar, args.rule, args.lint

    def report(batches):
        # Runs in the executor: one reporter for the partition, fed each
        # Arrow batch's column in place (the GIL released while it counts).
        import pyarrow as pa
        import urlbnf

        reporter = urlbnf.Reporter(grammar, rule=rule, lint=lint)
        for batch in batches:
            reporter.add_many(batch.column(0))
        yield pa.RecordBatch.from_pydict({"report": [reporter.finish().to_json()]})

    parts = [row.report for row in urls.mapInArrow(report, "report string").collect()]

    # The merge is exact, in any order: the report of the whole corpus.
    import urlbnf

    merged = urlbnf.Report.merge(*(urlbnf.Report.from_json(p) for p in parts)).to_json() + "\n"
    if args.out == "-":
        sys.stdout.write(merged)
    else:
        with open(args.out, "w") as f:
            f.write(merged)
    spark.stop()


if __name__ == "__main__":
    main()
